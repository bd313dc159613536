/**
 * The booking page's address, `/book/{slug}` (decision 018): each business's current slug,
 * unique, and every slug it had before (`previous_slugs`), which keeps redirecting to the
 * current one and is never given to another business. Businesses that already have a name
 * get a slug made from it here, the oldest first; the rest get theirs at onboarding.
 * The slug rule is copied, not imported (a migration never imports app code):
 * shared/src/slug.ts is the rule from now on.
 */
import type { Kysely } from 'kysely';

const RESERVED = new Set(
  'admin api app book booking dashboard demo help login new privacy settings signup slotwise support widget www'.split(
    ' ',
  ),
);

function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 36) break;
    slug = next;
  }
  if (!slug && words[0]) slug = words[0].slice(0, 36);
  if (slug.length < 3 || RESERVED.has(slug)) slug = slug ? `${slug}-pro` : 'my-business';
  return slug;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('slug', 'text').execute();
  await db.schema.createIndex('businesses_slug').on('businesses').column('slug').unique().execute();
  await db.schema
    .createTable('previous_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('previous_slugs_business').on('previous_slugs').column('business_id').execute();

  const named: { id: string; name: string }[] = await db
    .selectFrom('businesses')
    .select(['id', 'name'])
    .where('name', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const b of named) {
    const base = slugify(b.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    await db.updateTable('businesses').set({ slug }).where('id', '=', b.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('previous_slugs').ifExists().execute();
  await db.schema.dropIndex('businesses_slug').ifExists().execute();
  await db.schema.alterTable('businesses').dropColumn('slug').execute();
}
