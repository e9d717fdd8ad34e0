// Site options with a declared type and default. Modules declare their settings with defineSetting().
import type { z } from 'zod';
import { ValidationError } from './errors.ts';
import type { PrismaClient, Prisma } from '../generated/prisma/client.ts';
import type { Sql } from '../db/sql.ts';

export interface SettingDefinition<T> {
  name: string;
  description: string;
  schema: z.ZodType<T>;
  default: T;
}

export function defineSetting<T>(def: SettingDefinition<T>): SettingDefinition<T> {
  return def;
}

export class Settings {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly sql: Sql,
  ) {}

  /** Read on the pool through Kysely (a hot read, also at start-up: modules read settings before serve listens). */
  async get<T>(def: SettingDefinition<T>): Promise<T> {
    const row = await this.sql.selectFrom('options').select('value').where('name', '=', def.name).executeTakeFirst();
    if (!row) return def.default;
    const parsed = def.schema.safeParse(row.value);
    return parsed.success ? parsed.data : def.default;
  }

  async set<T>(def: SettingDefinition<T>, value: unknown): Promise<T> {
    const parsed = def.schema.safeParse(value);
    if (!parsed.success) throw new ValidationError({ [def.name]: parsed.error.issues[0]?.message ?? 'Invalid value.' });
    const json = parsed.data as Prisma.InputJsonValue;
    await this.prisma.option.upsert({
      where: { name: def.name },
      create: { name: def.name, value: json },
      update: { value: json },
    });
    return parsed.data;
  }
}
