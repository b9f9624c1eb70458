import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength';

const TOO_EASY = 'This password is too easy to guess. Please choose a less common one, such as a few unrelated words.';

describe('passwordWeakness', () => {
  it.each(['Password1!', 'Password123!', 'Qwerty123!', 'Passw0rd!', 'P@ssw0rd', 'abcdefghij1!'])('refuses %s', async (password) => {
    expect(await passwordWeakness(password)).toBe(TOO_EASY);
  });

  it.each(['Harbour-Lights-42', 'correct horse battery staple', 'a long passphrase 1!'])('accepts %s', async (password) => {
    expect(await passwordWeakness(password)).toBeNull();
  });

  it("counts the account's own words against the password", async () => {
    expect(await passwordWeakness('Brightwater2026!')).toBeNull();
    expect(await passwordWeakness('Brightwater2026!', ['Brightwater Plumbing', 'ann@brightwater.example'])).toBe(TOO_EASY);
  });
});
