import type {
  PageResult,
  PharmacyListQuery,
  PharmacyProduct,
  PharmacyProductListQuery,
  PublicPharmacy,
  PublicPharmacyDetail,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { quoteFields } from '../../lib/quote-fields';
import type { PharmacyDirectoryRepository } from './pharmacy-directory.repository';

const INT_MAX = 2_147_483_647;
type Row = NonNullable<Awaited<ReturnType<PharmacyDirectoryRepository['detail']>>>;

const toPublic = ({ pharmacy: p, quoteCount }: Row): PublicPharmacy => ({
  id: p.id,
  name: p.name,
  logo_url: p.logoUrl,
  province: p.province,
  city: p.city,
  district: p.district,
  address: p.address,
  phone: p.phone,
  business_hours: p.businessHours,
  quote_count: Number(quoteCount),
});

/** pharmacy/list, detail and product list: open pharmacies, their qualifications and what they sell. */
export class PharmacyDirectoryService {
  constructor(private readonly repo: PharmacyDirectoryRepository) {}

  async list(query: PharmacyListQuery): Promise<PageResult<PublicPharmacy>> {
    const { rows, total } = await this.repo.list(query);
    return { list: rows.map(toPublic), total, page: query.page, page_size: query.page_size };
  }

  async detail(id: number): Promise<PublicPharmacyDetail> {
    const row = await this.repo.detail(id);
    if (!row) throw AppError.notFound('药店不存在或未营业', 'Pharmacy not found');
    return {
      ...toPublic(row),
      business_licence_no: row.pharmacy.businessLicenceNo,
      drug_licence_no: row.pharmacy.drugLicenceNo,
      drug_licence_expire_at: row.pharmacy.drugLicenceExpireAt,
      aptitude_images: row.pharmacy.aptitudeImages,
    };
  }

  async products(query: PharmacyProductListQuery): Promise<PageResult<PharmacyProduct>> {
    if (query.pharmacy_id > INT_MAX || (query.category_id ?? 0) > INT_MAX) {
      return { list: [], total: 0, page: query.page, page_size: query.page_size };
    }
    const { rows, total } = await this.repo.products(query);
    return {
      list: rows.map(({ quote: q, product: p }) => ({
        ...quoteFields(q),
        product: {
          id: p.id,
          name: p.name,
          generic_name: p.genericName,
          spec: p.spec,
          manufacturer: p.manufacturer,
          type: p.type,
          image: p.images[0] ?? null,
        },
      })),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }
}
