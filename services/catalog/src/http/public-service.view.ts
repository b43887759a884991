import type { ResolvedPrice } from '@salon/contracts';
import type { ServiceRecord } from '../db/service.repository';
import type { CategoryEntry } from '../domain/service-rules';

/** A bookable service as anyone may see it: what it is, how long, what it costs at the outlet asked. */
export const publicServiceView = ({ service, price }: { service: ServiceRecord; price: ResolvedPrice }) => ({
  id: service.id,
  name: service.name,
  slug: service.slug,
  description: service.description,
  category: service.category,
  duration_minutes: service.duration_minutes,
  image_url: service.image_url,
  tags: service.tags,
  price,
});

/** A category with a bookable service (no counts: nothing internal in public answers). */
export const publicCategoryView = ({ category, display_name, description }: CategoryEntry) => ({
  category,
  display_name,
  description,
});
