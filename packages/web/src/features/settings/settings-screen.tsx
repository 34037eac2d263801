import { PlaceholderScreen } from '../../components/screens/placeholder-screen';

export function SettingsScreen() {
  return <PlaceholderScreen titleKey="screens.settings" />;
}
