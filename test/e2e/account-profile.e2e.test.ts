// What an account keeps and unlocks, in Chromium: registered-only files lock
// and unlock with the session, and a floor plan on another server downloads
// as a JPEG made for a screen; the profile saves name and phone, and email
// and password only with the current password; a forgotten password is reset
// end to end through the mail.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PASSWORD, MENU_TOGGLE, MESSAGES, accountSite } from '../helpers/account-browser.ts';
import { textOf } from '../helpers/browser.ts';
import { tempDir } from '../helpers/app.ts';
import { photo } from '../helpers/photos.ts';
import { STEP_TIMEOUT_MS, waitFor } from '../helpers/wait.ts';
import { pictureServer } from '../server/feed-images/pictures.ts';
import { FLOOR_PLAN_RESIZE } from '../../src/server/feed-images/index.ts';

t.test('an account’s files, profile and password', async (t) => {
  const {
    db,
    account,
    visitor,
    open,
    waitForPath,
    waitForToast,
    navigate,
    fill,
    retype,
    submit,
    logIn,
    statusOf,
    openMenu,
    logOut,
    resetLinkFor,
  } = await accountSite(t);

  /** A listed project's registered-only file: the first or the last by id (two tests, two files). */
  const registeredOnlyFile = (order: 'asc' | 'desc') =>
    db
      .selectFrom('project_files as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select(['f.id', 'f.project_id'])
      .where('f.registered_only', '=', 1)
      .where('p.withdrawn_at', 'is', null)
      .orderBy('f.id', order)
      .executeTakeFirstOrThrow();

  t.test('registered-only files: refused before login, downloads after, refused again after logout', async (t) => {
    await account('elena@example.com');
    const file = await registeredOnlyFile('asc');
    const download = `/api/files/${file.id}`;
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === download });
    const statusOfDownload = () => page.evaluate((u: string) => fetch(u).then((r) => r.status), download);
    const property = `/for-sale/${file.project_id}`;

    await open(page, property);
    await page.waitForSelector('.project-file--locked');
    t.equal(await page.$(`.project-files a[href="${download}"]`), null, 'no download link for a visitor');
    t.equal(await statusOfDownload(), 401, 'the download address refuses a visitor');

    await navigate(page, `/login?redirect=${encodeURIComponent(property)}`);
    await logIn(page, 'elena@example.com');
    await waitForPath(page, property);
    await page.waitForSelector(`.project-files a[href="${download}"]`);
    t.equal(await statusOfDownload(), 200, 'downloadable once logged in');

    await logOut(page);
    await waitForPath(page, '/');
    await navigate(page, property);
    await page.waitForSelector('.project-file--locked');
    t.equal(await page.$(`.project-files a[href="${download}"]`), null, 'locked again after logging out');
    t.equal(await statusOfDownload(), 401);
    t.same(problems.all(), []);
  });

  t.test('a floor plan on another server downloads as a JPEG made for a screen, without its metadata', async (t) => {
    await account('plan.reader@example.com');
    const original = await photo({ width: 3600, height: 2400, exif: true });
    const server = await pictureServer(t, (_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(original));
    const file = await registeredOnlyFile('desc');
    await db
      .updateTable('project_files')
      .set({ kind: 'floor_plan', url: `${server.origin}/plan-${file.id}.jpg` })
      .where('id', '=', file.id)
      .execute();
    const download = `/api/files/${file.id}`;
    const { page, problems } = await visitor(t);
    const folder = tempDir(t, 'downloads-');
    const cdp = await page.createCDPSession();
    // The page's own browser context: a context other than the default keeps its own download setting.
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: folder,
      browserContextId: page.browserContext().id ?? undefined,
    });

    await open(page, `/login?redirect=${encodeURIComponent(`/for-sale/${file.project_id}`)}`);
    await logIn(page, 'plan.reader@example.com');
    await waitForPath(page, `/for-sale/${file.project_id}`);
    await page.waitForSelector(`.project-files a[href="${download}"]`);
    await page.click(`.project-files a[href="${download}"]`);
    const saved = await waitFor(
      'the download',
      () => fs.readdirSync(folder).find((name) => !name.endsWith('.crdownload')),
      STEP_TIMEOUT_MS,
    );
    t.equal(saved, `floor-plan-${file.id}.jpg`, 'saved under its name');
    const meta = await sharp(fs.readFileSync(path.join(folder, saved))).metadata();
    t.same([meta.format, meta.width, meta.height], ['jpeg', FLOOR_PLAN_RESIZE.width, 1600], 'a JPEG as wide as a screen needs');
    t.equal(meta.exif, undefined, 'without the camera, owner or GPS the original carried');
    t.ok(fs.statSync(path.join(folder, saved)).size < original.length, 'smaller than the original');
    t.same(problems.all(), []);
  });

  t.test('the profile: name and phone saved; email and password only with the current password', async (t) => {
    await account('paula@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/profilesubmit' });
    await open(page, '/costa-casas/client-login');
    await logIn(page, 'paula@example.com');
    await waitForPath(page, '/costa-casas');
    await openMenu(page);
    await page.click('#account-menu-list a[href="/costa-casas/profile"]');
    await waitForPath(page, '/costa-casas/profile');

    await fill(page, 'profile', { name: 'Paula Ruiz', phone: '+34 600 11 22 33' });
    await submit(page, 'profile');
    await page.waitForSelector('form.account-form--profile [data-result=valid]');
    t.equal(await statusOf(page, 'profile'), 'Saved');
    t.match(await db.selectFrom('clients').select(['name', 'phone']).where('email', '=', 'paula@example.com').executeTakeFirst(), {
      name: 'Paula Ruiz',
      phone: '+34 600 11 22 33',
    });
    t.equal(await textOf(page, '.account-menu__who'), 'Paula Ruiz', 'the header knows the new name');

    await fill(page, 'access', {
      password: 'a fresh passphrase',
      password_repeat: 'a fresh passphrase',
      current_password: 'wrong guess at it',
    });
    await submit(page, 'access');
    await page.waitForSelector('form.account-form--access [data-result=invalid]');
    t.equal(await textOf(page, '#access-current-password-error'), 'Check your credentials', 'a wrong current password is refused');
    await retype(page, 'form.account-form--access [name=current_password]', PASSWORD);
    await submit(page, 'access');
    await page.waitForSelector('form.account-form--access [data-result=valid]');
    t.equal(
      await page.$eval('form.account-form--access [name=password]', (el) => (el as HTMLInputElement).value),
      '',
      'the passwords are cleared',
    );

    await logOut(page);
    await waitForPath(page, '/costa-casas');
    await navigate(page, '/costa-casas/client-login');
    await logIn(page, 'paula@example.com', 'a fresh passphrase');
    await waitForPath(page, '/costa-casas');
    await page.waitForSelector(MENU_TOGGLE);
    t.pass('the new password logs in');
    t.same(problems.all(), []);
  });

  t.test('forgot and reset the password, with the link from the mail', async (t) => {
    await account('clara@example.com');
    const { page, problems } = await visitor(t);
    await open(page, '/login');
    await page.click('a[href="/old/client-forgot-password"]');
    await waitForPath(page, '/old/client-forgot-password');
    await fill(page, 'forgot', { email: 'clara@example.com' });
    await submit(page, 'forgot');
    await page.waitForSelector('form.account-form--forgot [data-result=valid]');
    t.equal(await statusOf(page, 'forgot'), MESSAGES.resetSent);

    const link = await resetLinkFor('clara@example.com');
    t.match(link, /\/old\/client-reset-password\/[A-Za-z0-9_-]{43}$/, 'the mail links to the reset page');
    await open(page, link);
    await fill(page, 'reset', { password: 'a brand new passphrase', password_repeat: 'a brand new passphrase' });
    await submit(page, 'reset');
    await page.waitForSelector('form.account-form--reset [data-result=valid]');
    t.equal(await statusOf(page, 'reset'), MESSAGES.reset);

    await page.click('.account-card__next a');
    await waitForPath(page, '/old/client-login');
    await logIn(page, 'clara@example.com', 'a brand new passphrase');
    await waitForPath(page, '/');
    await waitForToast(page, MESSAGES.loggedIn);
    t.ok(await page.$(MENU_TOGGLE), 'logged in with the new password');
    t.same(problems.all(), []);
  });
});
