import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function StorageScreen() {
  return <PlaceholderScreen titleKey="screens.storage" />;
}
