/** The product name shown in the interface; change it here to rebrand a deployment. */
export const BRAND = 'Remi'
