import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function DashboardScreen() {
  return <PlaceholderScreen titleKey="screens.dashboard" />;
}
