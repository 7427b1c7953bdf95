import { auditContracts } from './audit/audit.contracts';
import { authContracts } from './auth/auth.contracts';
import { chatContracts } from './chat/chat.contracts';
import { chatDeskContracts } from './chat/chat-desk.contracts';
import { chatPatientContracts } from './chat/chat-patient.contracts';
import { consultationContracts } from './clinical/consultation.contracts';
import { healthContracts } from './clinical/health.contracts';
import { inspectionContracts } from './clinical/inspection.contracts';
import { recipeContracts } from './clinical/recipe.contracts';
import { recipeDocumentContracts } from './clinical/recipe-document.contracts';
import { cmsContracts } from './cms/cms.contracts';
import { comboContracts } from './combos/combo.contracts';
import type { Contract } from './common/contract';
import { financeContracts } from './finance/finance.contracts';
import { liveContracts } from './live/live.contracts';
import { liveColumnContracts, platformColumnContracts } from './live/live-column.contracts';
import { liveQuestionContracts } from './live/live-question.contracts';
import { liveViewerContracts } from './live/live-viewer.contracts';
import { blacklistContracts } from './marketing/blacklist.contracts';
import { channelContracts } from './marketing/channel.contracts';
import { customerContracts } from './marketing/customer.contracts';
import { drugserContracts } from './marketing/drugser.contracts';
import { healthReviewContracts } from './marketing/health-review.contracts';
import { memberDataContracts } from './marketing/member-data.contracts';
import { proxyOrderContracts } from './marketing/proxy-order.contracts';
import { shareContracts } from './marketing/share.contracts';
import { taskContracts } from './marketing/task.contracts';
import { teamContracts } from './marketing/team.contracts';
import { medicineContracts } from './medicines/medicines.contracts';
import { memberContracts } from './members/member.contracts';
import { messageContracts } from './messages/message.contracts';
import { platformCensusContracts } from './operator/census.contracts';
import { adminCustomerContracts } from './operator/customer.contracts';
import { dashboardContracts } from './operator/dashboard.contracts';
import { groupContracts } from './operator/group.contracts';
import { permissionContracts } from './operator/permission.contracts';
import { adminPharmacyContracts } from './operator/pharmacy.contracts';
import { reportContracts } from './operator/report.contracts';
import { adminTaskContracts } from './operator/task.contracts';
import { censusContracts } from './orders/census.contracts';
import { orderContracts } from './orders/order.contracts';
import { orderExportContracts } from './orders/order-export.contracts';
import { patientCatalogContracts } from './orders/patient-catalog.contracts';
import { shippingContracts } from './orders/shipping.contracts';
import { userOrderContracts } from './orders/user-order.contracts';
import { patientContracts } from './patients/patients.contracts';
import { pharmacyContracts } from './pharmacies/pharmacies.contracts';
import { pharmacyDirectoryContracts } from './pharmacy-directory/pharmacy-directory.contracts';
import { pharmacySettingsContracts } from './pharmacy-settings/pharmacy-settings.contracts';
import { productImportContracts } from './product-import/product-import.contracts';
import { quoteContracts } from './quotes/quote.contracts';
import { quoteImportContracts } from './quotes/quote-import.contracts';
import { staffContracts } from './staff/staff.contracts';
import { uploadContracts } from './uploads/upload.contracts';

/**
 * Every endpoint of the API, by module. The server registers each one (a test fails on a route without a contract or
 * a contract without a route); the console calls them by object. A new module adds its line here.
 */
export const contracts = {
  auth: authContracts,
  pharmacy: pharmacyContracts,
  message: messageContracts,
  medicine: medicineContracts,
  pharmacyDirectory: pharmacyDirectoryContracts,
  cms: cmsContracts,
  productImport: productImportContracts,
  upload: uploadContracts,
  audit: auditContracts,
  quote: quoteContracts,
  quoteImport: quoteImportContracts,
  combo: comboContracts,
  member: memberContracts,
  pharmacySettings: pharmacySettingsContracts,
  staff: staffContracts,
  patient: patientContracts,
  // orders, shipping and finance (issue 12)
  userOrder: userOrderContracts,
  patientCatalog: patientCatalogContracts,
  order: orderContracts,
  shipping: shippingContracts,
  census: censusContracts,
  orderExport: orderExportContracts,
  finance: financeContracts,
  // prescriptions and clinical work (issue 13)
  consultation: consultationContracts,
  recipe: recipeContracts,
  recipeDocument: recipeDocumentContracts,
  inspection: inspectionContracts,
  health: healthContracts,
  // the chat room (issue 14)
  chat: chatContracts,
  chatPatient: chatPatientContracts,
  chatDesk: chatDeskContracts,
  // live classes (issue 15)
  live: liveContracts,
  liveQuestion: liveQuestionContracts,
  liveColumn: liveColumnContracts,
  platformColumn: platformColumnContracts,
  liveViewer: liveViewerContracts,
  // marketing (issue 16)
  marketingCustomer: customerContracts,
  marketingMemberData: memberDataContracts,
  marketingDrugser: drugserContracts,
  marketingProxyOrder: proxyOrderContracts,
  marketingTask: taskContracts,
  marketingTeam: teamContracts,
  marketingChannel: channelContracts,
  marketingShare: shareContracts,
  marketingBlacklist: blacklistContracts,
  marketingHealthReview: healthReviewContracts,
  // operator area (issue 17)
  operatorDashboard: dashboardContracts,
  operatorReport: reportContracts,
  operatorGroup: groupContracts,
  operatorCustomer: adminCustomerContracts,
  operatorTask: adminTaskContracts,
  operatorCensus: platformCensusContracts,
  operatorPharmacy: adminPharmacyContracts,
  operatorPermission: permissionContracts,
} satisfies Record<string, Record<string, Contract>>;

/** Every contract as a flat list (tests, docs). */
export const allContracts = (): Contract[] => Object.values(contracts).flatMap((group) => Object.values(group));
