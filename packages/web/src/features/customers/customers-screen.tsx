import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function CustomersScreen() {
  return <PlaceholderScreen titleKey="screens.customers" />;
}
