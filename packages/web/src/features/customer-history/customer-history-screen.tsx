import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function CustomerHistoryScreen() {
  return <PlaceholderScreen titleKey="screens.customerHistory" />;
}
