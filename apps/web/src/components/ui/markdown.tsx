import ReactMarkdown, { defaultUrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'

/**
 * Markdown from the assistant or the briefing, rendered safely: raw HTML is never turned into elements
 * (no rehype-raw), and links other than http(s)/mailto/relative lose their href, so `javascript:` is inert.
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
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                {content}
              </a>
            ) : (
              <span>{content}</span>
            ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  )
}
