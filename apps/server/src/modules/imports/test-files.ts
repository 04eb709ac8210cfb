// The archives and uploads these tests send are made by test/files.ts (the attachments' tests use them too).
export { multipartOf, zipOf, type ZipEntry } from '../../test/files.ts'
