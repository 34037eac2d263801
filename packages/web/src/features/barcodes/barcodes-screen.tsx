import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function BarcodesScreen() {
  return <PlaceholderScreen titleKey="screens.barcodes" />;
}
