import type { ModuleDef } from '../lib/module';
import { auditModule } from './audit/index';
import { authModule } from './auth/index';
import { demoImagesModule } from './catalogue/index';
import { chatModule } from './chat/index';
import { clinicalModule } from './clinical/index';
import { cmsModule } from './cms/index';
import { combosModule } from './combos/index';
import { financeModule } from './finance/index';
import { liveModule } from './live/index';
import { marketingModule } from './marketing/index';
import { medicinesModule } from './medicines/index';
import { membersModule } from './members/index';
import { messagesModule } from './messages/index';
import { operatorModule } from './operator/index';
import { ordersModule } from './orders/index';
import { patientsModule } from './patients/index';
import { pharmaciesModule } from './pharmacies/index';
import { pharmacyDirectoryModule } from './pharmacy-directory/index';
import { pharmacySettingsModule } from './pharmacy-settings/index';
import { productImportModule } from './product-import/index';
import { quotesModule } from './quotes/index';
import { staffModule } from './staff/index';
import { uploadsModule } from './uploads/index';

/**
 * Every server module, by its folder's name, in registration order. A new module is its folder plus one line here
 * (and its contracts' line in packages/shared/src/contracts.ts); a test fails on a folder missing from this list.
 */
export const modules = {
  auth: { plugin: authModule, mount: 'api' },
  pharmacies: { plugin: pharmaciesModule, mount: 'api' },
  messages: { plugin: messagesModule, mount: 'api' },
  audit: { plugin: auditModule, mount: 'api' },
  medicines: { plugin: medicinesModule, mount: 'api' },
  'pharmacy-directory': { plugin: pharmacyDirectoryModule, mount: 'api' },
  'product-import': { plugin: productImportModule, mount: 'api' },
  uploads: { plugin: uploadsModule, mount: 'api' },
  // the pharmacy console (issue 11)
  quotes: { plugin: quotesModule, mount: 'api' },
  combos: { plugin: combosModule, mount: 'api' },
  members: { plugin: membersModule, mount: 'api' },
  'pharmacy-settings': { plugin: pharmacySettingsModule, mount: 'api' },
  staff: { plugin: staffModule, mount: 'api' },
  // the patient's own data (issue 12)
  patients: { plugin: patientsModule, mount: 'api' },
  orders: { plugin: ordersModule, mount: 'api' },
  finance: { plugin: financeModule, mount: 'api' },
  // prescriptions and clinical work (issue 13)
  clinical: { plugin: clinicalModule, mount: 'api' },
  // the chat room (issue 14)
  chat: { plugin: chatModule, mount: 'api' },
  // live classes (issue 15)
  live: { plugin: liveModule, mount: 'api' },
  // marketing (issue 16)
  marketing: { plugin: marketingModule, mount: 'api' },
  // the operator area (issue 17): reads what every module above writes
  operator: { plugin: operatorModule, mount: 'api' },
  // the Directus-compatible content API lives beside the API, as in the spec (/scms/items/<collection>)
  cms: { plugin: cmsModule, mount: 'cms' },
  // the demo data's placeholder images (/demo/...)
  catalogue: { plugin: demoImagesModule, mount: 'root' },
} satisfies Record<string, ModuleDef>;
