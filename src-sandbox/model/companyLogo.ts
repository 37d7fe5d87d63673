import type { CompanyRow } from './companies'

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The initials of a company name, for its drawn logo: "Ferretería El Mostrador S.A." → "FEM". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w) && !/\.$/.test(w))
    .slice(0, 3)
    .map((w) => w[0])
    .join('')
}

/**
 * A logo drawn for the demo company, so the company screen has a real image to
 * show without any file or network beyond the sandbox. The report logo is the
 * wide variant a printed header would use.
 */
export function companyLogoSvg(company: Pick<CompanyRow, 'name'>, kind: 'logo' | 'report_logo'): string {
  const text = escapeXml(initials(company.name) || company.name.slice(0, 2))
  const [w, h] = kind === 'report_logo' ? [480, 120] : [240, 240]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(company.name)}">
  <rect width="${w}" height="${h}" rx="24" fill="#18a058"/>
  <text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${h * 0.42}" font-weight="700" fill="#ffffff">${text}</text>
</svg>`
}
