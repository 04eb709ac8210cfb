/** The product's name in every text the server shows; change it here to rebrand a deployment. */
export const BRAND = 'Remi'
