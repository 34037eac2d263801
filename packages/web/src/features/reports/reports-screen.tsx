import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function ReportsScreen() {
  return <PlaceholderScreen titleKey="screens.reports" />;
}
