import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function ProductsScreen() {
  return <PlaceholderScreen titleKey="screens.products" />;
}
