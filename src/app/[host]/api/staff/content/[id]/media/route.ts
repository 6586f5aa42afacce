import { jsonError, jsonOk } from '@/server/http/responses';
import { renewSitePages, staffApi } from '@/features/staff/app';
import {
  listItemFiles,
  maxBytesFor,
  uploadItemFile,
  readUpload,
  uploadFileName,
} from '@/features/media/server';
import { tooLargeMessage, typesOf, UPLOAD_ROLES, wrongTypeMessage, type UploadRole } from '@/features/media';

type Params = { host: string; id: string };

export const GET = staffApi<Params>('content:write', async ({ params, actor, db }) =>
  jsonOk({ files: await listItemFiles(db, actor, params.id) }),
);

/** One file as the raw body: ?role=cover|gallery|inline|video, Content-Type and a percent-encoded X-File-Name. */
export const POST = staffApi<Params>(
  'content:write',
  async ({ request, params, site, actor, db }) => {
    const role = request.nextUrl.searchParams.get('role') as UploadRole | null;
    if (!role || !UPLOAD_ROLES.includes(role)) {
      return jsonError('VALIDATION', 'ファイルの用途（カバー・ギャラリー・本文・動画）を指定してください。');
    }
    const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!typesOf(role).includes(contentType))
      return jsonError('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(role));
    const bytes = await readUpload(request, maxBytesFor(role), tooLargeMessage(role));
    const fallback = role === 'video' ? 'video' : 'image';
    const { file } = await uploadItemFile(db, actor, params.id, {
      role,
      bytes,
      contentType,
      fileName: uploadFileName(request, fallback),
    });
    await renewSitePages(db, site.id);
    return jsonOk({ file }, { status: 201 });
  },
  { body: 'stream' },
);
