import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { quoteImportRoutes } from './quote-import.routes';
import { QuoteRepository } from './quotes.repository';
import { quoteRoutes } from './quotes.routes';
import { QuoteService } from './quotes.service';

/** A pharmacy's quotes and their import (pharmacy/quote, pharmacy/import). */
export async function quotesModule(app: FastifyInstance, _context: ModuleContext) {
  const service = new QuoteService(new QuoteRepository(app.db, app.catalogueCache));
  await app.register(quoteRoutes, { service });
  // the import (quote-import*.ts): template, preview, error report, apply
  await quoteImportRoutes(app, _context);
}
