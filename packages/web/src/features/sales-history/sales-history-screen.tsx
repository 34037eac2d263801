import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function SalesHistoryScreen() {
  return <PlaceholderScreen titleKey="screens.salesHistory" />;
}
