/**
 * Settling an upgrade in ONE transaction. Everything that can refuse runs before the roll (the spec: no error
 * path may depend on the roll), so the house can never abort a winning game:
 * token -> player lock -> staked rows (for update, by id) -> target -> chance -> spend -> seed -> roll -> write.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { chanceThousandths, clientChanceMatches, isWin, thousandthsToPercent } from '../../src/domain/chance.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import { computeRollSync, rollToPercent } from '../../src/domain/roll.ts';
import { siteInfo, type Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { catalogueItems, games, inventoryItems, seeds, users } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError, t, type Lang } from '../messages.ts';
import { hmacSha256Node, randomHex } from './crypto.ts';
import { itemImageUrl } from './images.ts';
import { lockUser, seedPair } from './seeds.ts';
import type { SessionUser } from './sessions.ts';
import { consumeToken } from './tokens.ts';
import type { UpgradeRequest } from './upgrade-request.ts';
import { balanceMinor } from './wallet.ts';

/** Tickets a game earns: one per full step of staked value (TICKET_STEP_MINOR). */
export function ticketsFor(stakeMinor: number, stepMinor: number): number {
  return Math.floor(stakeMinor / stepMinor);
}

/** Where the first staked item came from, for the panel's way back. */
function caseGameOf(item: { source: string; sourceCaseId: number | null }): UpgradeResponse['casegame'] {
  if (item.source === 'case' && item.sourceCaseId !== null) return { kind: 'case', case_id: item.sourceCaseId };
  if (item.source === 'giftcase') return { kind: 'giftcase' };
  return null;
}

/** Locks and checks the staked rows; returns them in request order. */
async function lockStake(tx: Tx, config: Config, userId: number, ids: number[]) {
  const rows = await tx
    .select({
      id: inventoryItems.id,
      state: inventoryItems.state,
      source: inventoryItems.source,
      sourceCaseId: inventoryItems.sourceCaseId,
      site: catalogueItems.site,
      priceMinor: catalogueItems.priceMinor,
      typePrize: catalogueItems.typePrize,
    })
    .from(inventoryItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, inventoryItems.catalogueItemId))
    .where(and(inArray(inventoryItems.id, ids), eq(inventoryItems.userId, userId)))
    // Ordered locking: two games staking overlapping items cannot deadlock.
    .orderBy(inventoryItems.id)
    .for('update', { of: inventoryItems });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id));
  if (ordered.some((r) => !r || r.state !== 'owned' || r.site !== config.site)) throw new AppError(409, 'item_unavailable');
  if (ordered.some((r) => r!.typePrize === LOCKED_TYPE_PRIZE)) throw new AppError(400, 'item_locked');
  return ordered as NonNullable<(typeof ordered)[number]>[];
}

/** Settles one upgrade for a signed-in player; throws AppError (4xx) with nothing changed on any refusal. */
export async function settleUpgrade(db: Db, config: Config, who: SessionUser, req: UpgradeRequest, tokenChecked: boolean): Promise<UpgradeResponse> {
  const { currency, lang } = siteInfo(config.site);
  return withTransaction(db, async (tx) => {
    if (!tokenChecked && !(await consumeToken(tx, req.token, who.sessionId, 'caseopen'))) throw new AppError(403, 'token_invalid');
    await lockUser(tx, who.userId);
    const stake = await lockStake(tx, config, who.userId, req.itemIds);
    const stakeMinor = stake.reduce((sum, r) => sum + r.priceMinor, 0);

    const [target] = await tx
      .select()
      .from(catalogueItems)
      .where(and(eq(catalogueItems.id, req.targetId), eq(catalogueItems.site, config.site), eq(catalogueItems.active, true), ne(catalogueItems.typePrize, LOCKED_TYPE_PRIZE)));
    if (!target) throw new AppError(404, 'target_unavailable');
    if (target.priceMinor <= stakeMinor) throw new AppError(400, 'target_too_cheap');

    const chance = chanceThousandths(stakeMinor, target.priceMinor);
    if (!clientChanceMatches(req.frontChance, chance)) throw new AppError(409, 'prices_changed');

    const spent = await tx
      .update(inventoryItems)
      .set({ state: 'spent', updatedAt: new Date() })
      .where(and(inArray(inventoryItems.id, req.itemIds), eq(inventoryItems.userId, who.userId), eq(inventoryItems.state, 'owned')))
      .returning({ id: inventoryItems.id });
    if (spent.length !== req.itemIds.length) throw new AppError(409, 'item_unavailable');

    // From here on nothing refuses: the roll decides and every write below always happens.
    const { active } = await seedPair(tx, who.userId);
    const clientSeed = active.clientSeed ?? '';
    const roll = computeRollSync(hmacSha256Node, active.serverSeed, clientSeed, active.nonce);
    const success = isWin(roll.value, chance, req.rollUnder);
    const tickets = ticketsFor(stakeMinor, config.ticketStepMinor);
    await tx.update(seeds).set({ nonce: sql`${seeds.nonce} + 1` }).where(eq(seeds.id, active.id));

    const [game] = await tx
      .insert(games)
      .values({
        rollId: randomHex(12),
        userId: who.userId,
        site: config.site,
        seedId: active.id,
        serverSeedHash: active.serverSeedHash,
        clientSeed,
        nonce: active.nonce,
        chance,
        rollUnder: req.rollUnder,
        roll: roll.value,
        round: roll.round,
        chunk: roll.chunk,
        success,
        stakeMinor,
        stakeCount: stake.length,
        targetCatalogueItemId: target.id,
        targetPriceMinor: target.priceMinor,
        tickets,
      })
      .returning({ id: games.id, rollId: games.rollId });
    await tx.update(inventoryItems).set({ spentGameId: game.id }).where(inArray(inventoryItems.id, req.itemIds));

    let wonId: number | null = null;
    if (success) {
      const [won] = await tx
        .insert(inventoryItems)
        .values({ userId: who.userId, catalogueItemId: target.id, state: 'owned', source: 'upgrade', sourceGameId: game.id })
        .returning({ id: inventoryItems.id });
      wonId = won.id;
      await tx.update(games).set({ wonInventoryItemId: wonId }).where(eq(games.id, game.id));
    }
    const [user] = await tx
      .update(users)
      .set({ bonusBalance: sql`${users.bonusBalance} + ${tickets}` })
      .where(eq(users.id, who.userId))
      .returning({ bonusBalance: users.bonusBalance });

    return {
      status: true as const,
      msg: t(lang as Lang, success ? 'upgrade_won' : 'upgrade_lost'),
      success: success ? 1 : 0,
      tickets,
      item: target.name,
      img: itemImageUrl(config, target),
      price: toMajor(target.priceMinor),
      quality: target.type,
      casegame: caseGameOf(stake[0]),
      vinLastItemId: wonId,
      balance: toMajor(await balanceMinor(tx, who.userId, currency)),
      bonus_balance: user.bonusBalance,
      provably_fair: {
        roll_id: game.rollId,
        roll: rollToPercent(roll.value),
        chance: thousandthsToPercent(chance),
        roll_under: req.rollUnder ? 1 : 0,
        server_seed_hash: active.serverSeedHash,
        client_seed: clientSeed,
        nonce: active.nonce,
      },
    };
  });
}
