import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const [w,h,tag] of [[360,740,'phone'],[1280,800,'desk']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  for (const [path, name] of [['/home','home'],['/no/such/page','404'],['/register','register']]) {
    await page.goto('http://127.0.0.1:3111' + path);
    await page.waitForTimeout(800);
    if (name === 'home') await page.locator('#download').scrollIntoViewIfNeeded();
    if (name === 'register') await page.getByLabel('Phone number').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shot-${name}-${tag}.png` });
    console.log(path, tag, await page.title());
  }
  await page.close();
}
await browser.close();
