import ReactMarkdown, { defaultUrlTransform } from 'react-markdown'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import remarkGfm from 'remark-gfm'

/**
 * Markdown from the assistant or the briefing, rendered safely: raw HTML is never turned into elements
 * (no rehype-raw), and links other than http(s)/mailto/relative lose their href, so `javascript:` is inert.
 * An image is never loaded: it is shown as a link naming its host. Loading `![](https://…?leak=…)` the
 * moment an answer is shown would send data out for an injected model (the CSP refuses it too).
 * A link to one of the app's own pages ('/data-sources') opens it in place, as the navigation does.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={['markdown-body', className].filter(Boolean).join(' ')}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        urlTransform={(url) => {
          const safe = defaultUrlTransform(url)
          return /^(https?:|mailto:|\/|#)/i.test(safe) ? safe : ''
        }}
        components={{
          a: ({ href, children: content }) =>
            href && /^\/(?!\/)/.test(href) ? (
              <Link to={href}>{content}</Link>
            ) : href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                {content}
              </a>
            ) : (
              <span>{content}</span>
            ),
          img: ({ src, alt }) => <ImageLink src={typeof src === 'string' ? src : ''} alt={alt ?? ''} />,
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  )
}

/** A Markdown image as a link that opens it in a new tab, saying where it is: nothing is fetched. */
function ImageLink({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation()
  const label = alt.trim() ? t('common.markdown.imageNamed', { alt: alt.trim() }) : t('common.markdown.image')
  const url = parseUrl(src)
  if (!url) return <span className="markdown-image">{`[${label}]`}</span>
  const where = url.host && url.origin !== window.location.origin ? ` (${url.host})` : ''
  return (
    <a
      className="markdown-image"
      href={url.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      title={t('common.markdown.opens', { url: url.href })}
    >
      {`[${label}${where}]`}
    </a>
  )
}

function parseUrl(src: string): URL | null {
  if (!src) return null
  try {
    return new URL(src, window.location.href)
  } catch {
    return null
  }
}
