import {
  Barcode,
  BarChart3,
  HardDrive,
  History,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Receipt,
  Settings,
  ShoppingCart,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';
import type { ScreenId } from '../routing/routes';

export const NAV_ICONS: Readonly<Record<ScreenId, LucideIcon>> = {
  dashboard: LayoutDashboard,
  pos: ShoppingCart,
  products: Package,
  barcodes: Barcode,
  customers: Users,
  'customer-history': History,
  reports: BarChart3,
  'sales-history': Receipt,
  shifts: Wallet,
  users: UserCog,
  storage: HardDrive,
  settings: Settings,
};
