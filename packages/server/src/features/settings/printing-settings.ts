import { printerNamed, type PrintingSettings } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { AppError } from '../../http/app-error';
import { isAllowedHostSetting } from '../../integrations/printer/printer-address';
import { listTillIds } from './settings.queries';

const refused = (
  code: 'PRINTER_NAME_TAKEN' | 'PRINTER_NOT_FOUND' | 'PRINTER_TILL_NOT_FOUND' | 'PRINTER_ADDRESS_NOT_ALLOWED',
  field: string,
) => new AppError({ status: 400, code, details: { field } });

/**
 * The printers as they would be saved: names unique (a till names its printer), a network printer at an address
 * the server may connect to, and each till's printer one of the list, for a till that exists.
 */
export async function assertPrintingSettings(db: DbExecutor, printing: PrintingSettings): Promise<void> {
  for (const [i, printer] of printing.printers.entries()) {
    if (printerNamed(printing.printers.slice(0, i), printer.name)) {
      throw refused('PRINTER_NAME_TAKEN', `settings.printing.printers.${i}.name`);
    }
    if (printer.type === 'network' && !isAllowedHostSetting(printer.host, printing.allowPublicAddresses)) {
      throw refused('PRINTER_ADDRESS_NOT_ALLOWED', `settings.printing.printers.${i}.host`);
    }
  }
  const tills = Object.entries(printing.tills);
  if (tills.length === 0) return;
  const known = new Set((await listTillIds(db)).map(String));
  for (const [tillId, name] of tills) {
    if (!known.has(tillId)) throw refused('PRINTER_TILL_NOT_FOUND', `settings.printing.tills.${tillId}`);
    if (!printerNamed(printing.printers, name)) throw refused('PRINTER_NOT_FOUND', `settings.printing.tills.${tillId}`);
  }
}
