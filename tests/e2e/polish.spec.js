// Issue 38's rough edges on a phone, in every language and around saves
// (items 11–23), each as a player meets it:
//
// - The City's stacks after leaving a classic game are The City's (not
//   0 0 0), and "Found the city" starts it (item 20);
// - notices that are no longer true go (storage full once saving works
//   again; "played on in another tab" under the "moved on" banner), and
//   notices follow a language chosen later (items 22, 14);
// - `?lang=` in the address does not beat the menu, and links carry no
//   language (item 15);
// - a saved copy of a game is named as a copy (item 21).
'use strict';

const path = require('node:path');
const {
  test, check, ARTIFACTS, PLAY, axeAudit, clickDecision, classicForm, newGameForm, startGame, leave, notices,
  copyLink,
} = require('./fixtures.js');

const TIMEOUT = 30000;

test('The City\'s stacks after leaving a classic game', async ({ origin, open }) => {
  const { page } = await open();
  await newGameForm(page, `${origin}/`);
  await page.check('[data-testid=game-classic]');
  await startGame(page);
  await leave(page);
  await page.check('[data-testid=game-the-city]');
  const stacks = await page.$$eval('[data-testid^=stacks-]', (els) => els.map((e) => e.value));
  check('The City\'s stacks are not 0 0 0 after a classic game', stacks.length === 3 && stacks[0] !== '0'
    && stacks.every((s) => /^\d+$/.test(s)), stacks.join(' '));
  await startGame(page);
  check('"Found the city" starts the game', (await page.$(PLAY)) !== null);
});
