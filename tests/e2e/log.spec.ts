/**
 * The public log on a game's verifier page, in Chromium against the real server: the game's inclusion is verified
 * in the browser from the proof and the signed checkpoint, and a proof tampered in the page's fetch fails.
 */
import { expect, test } from '@playwright/test';
import { baseOf, freshName } from './helpers.ts';
import { playApiGame, registerApi } from './api.ts';

async function playedGameUrl(request: Parameters<typeof registerApi>[0], prefix: string): Promise<string> {
  const base = baseOf('cs');
  await registerApi(request, base, freshName(prefix));
  const game = await playApiGame(request, base);
  return `${base}/en/provably_fair/roll_verifier/${game.provably_fair.roll_id}`;
}

test('cs: a game verifier page shows the game verified in the public log', async ({ page }) => {
  await page.goto(await playedGameUrl(page.request, 'logok'));
  const inclusion = page.getByTestId('log-inclusion');
  // Sequencing runs in batches outside the game's transaction: "waiting" first is fine, then verified.
  await expect(inclusion).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await expect(inclusion).toContainText(/In the public log at index \d+, checkpoint of size \d+/);
  const [, index, size] = (await inclusion.textContent())!.match(/index (\d+), checkpoint of size (\d+)/)!;
  expect(Number(index)).toBeLessThan(Number(size));
});

test('cs: a proof tampered in the page fetch shows a failure', async ({ page }) => {
  await page.route('**/api/provably_fair/log/proof?**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { hashes: string[] };
    // Flip one bit of the first proof hash, or add a bogus one to an empty proof.
    const hashes = body.hashes.length > 0 ? [...body.hashes] : ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='];
    const first = Buffer.from(hashes[0], 'base64');
    first[0] ^= 1;
    hashes[0] = first.toString('base64');
    await route.fulfill({ response: res, json: { hashes } });
  });
  await page.goto(await playedGameUrl(page.request, 'logbad'));
  const inclusion = page.getByTestId('log-inclusion');
  await expect(inclusion).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(inclusion).toContainText('the inclusion proof does not lead to the signed root');
  await expect(inclusion).toHaveAttribute('role', 'alert');
});
