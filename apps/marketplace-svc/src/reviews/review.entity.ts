import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** One review per buyer and seller; a buyer who reviews again changes it. */
@Entity({ tableName: 'reviews' })
@Unique({ properties: ['sellerId', 'buyerId'] })
export class Review {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  sellerId!: number;

  @Property({ type: 'integer' })
  buyerId!: number;

  @Property({ type: 'string', length: 50 })
  buyerName!: string;

  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'text' })
  comment = '';

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
