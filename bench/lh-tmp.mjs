import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], envVars: { ...process.env } });
const url = process.argv[2];
await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
for (let i = 0; i < Number(process.env.N ?? 2); i++) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log(process.env.TAG ?? '', Math.round(r.lhr.categories.performance.score * 100), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'main', a['mainthread-work-breakdown'].details.items.map(i => `${i.group}:${Math.round(i.duration)}`).join(' '));
}
await chrome.kill();
