import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function PosScreen() {
  return <PlaceholderScreen titleKey="screens.pos" />;
}
