import { listen } from './listen.ts'

/** The article's paragraphs: what a reader of the page came for. */
export const ARTICLE_PARAGRAPHS = [
  'The Douro valley is best visited in late September, when the grape harvest fills the terraces with pickers and the quintas open their lagares to visitors.',
  'Trains leave Porto São Bento for Pinhão several times a day; the last stretch along the river is one of the loveliest railway journeys in Europe, and a seat on the right-hand side shows the water the whole way.',
  'Most quintas ask visitors to book a tasting a day ahead. Quinta do Bomfim, a short walk from Pinhão station, offers tours at eleven and at three, and its terrace looks straight down onto the river.',
  'Bring a light jacket: the valley is hot at noon but the evenings by the water turn cool, even in early autumn.',
]

/** What surrounds the article: menus, ads, cookie notes and a footer a reader skips. */
export const BOILERPLATE = [
  'Subscribe to our newsletter',
  'Advertisement: Cheap flights to Lisbon from 19 euros',
  'Accept all cookies',
  'Copyright 2026 Travel Daily Media Group. All rights reserved.',
]

export interface WebPagesFake {
  origin: string
  /** The article page: one article amid navigation, ads and a footer. */
  articleUrl: string
  /** A plain-text file, a PNG image, and a redirect to the article. */
  textUrl: string
  imageUrl: string
  redirectUrl: string
  /** The paths asked for, oldest first. */
  requests: string[]
  close(): Promise<void>
}

function articlePage(): string {
  const [newsletter, ad, cookies, copyright] = BOILERPLATE
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Visiting the Douro valley in autumn | Travel Daily</title>
  <style>.ad { border: 1px solid #ccc }</style>
  <script>window.tracking = { page: 'douro' }</script>
</head>
<body>
  <header class="site-header">
    <nav class="menu"><ul>
      <li><a href="/">Home</a></li><li><a href="/europe">Europe</a></li>
      <li><a href="/deals">Deals</a></li><li><a href="/newsletter">${newsletter}</a></li>
    </ul></nav>
  </header>
  <div class="cookie-banner" id="cookie-consent"><p>${cookies}</p><button>OK</button></div>
  <aside class="sidebar ad advertisement" id="sidebar-ad"><p>${ad}</p></aside>
  <main>
    <article class="post">
      <h1>Visiting the Douro valley in autumn</h1>
      <p class="byline">By Inês Costa</p>
${ARTICLE_PARAGRAPHS.map((p) => `      <p>${p}</p>`).join('\n')}
    </article>
    <section class="related sidebar"><h3>Related</h3><ul>
      <li><a href="/a">Ten beaches in the Algarve</a></li><li><a href="/b">Lisbon on a budget</a></li>
    </ul></section>
  </main>
  <footer class="site-footer"><p>${copyright}</p><p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>
</body>
</html>`
}

/** Web pages on loopback, for read_web_page. */
export async function startWebPagesFake(): Promise<WebPagesFake> {
  const requests: string[] = []
  const server = await listen((request, response, url) => {
    requests.push(url.pathname)
    if (url.pathname === '/travel/douro-in-autumn') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage())
    } else if (url.pathname === '/notes.txt') {
      response
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Line one.\n\n\n\nLine two.')
    } else if (url.pathname === '/photo.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    } else if (url.pathname === '/go') {
      response.writeHead(302, { location: '/travel/douro-in-autumn' }).end()
    } else {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
    }
  })
  return {
    origin: server.origin,
    articleUrl: `${server.origin}/travel/douro-in-autumn`,
    textUrl: `${server.origin}/notes.txt`,
    imageUrl: `${server.origin}/photo.png`,
    redirectUrl: `${server.origin}/go`,
    requests,
    close: server.close,
  }
}
