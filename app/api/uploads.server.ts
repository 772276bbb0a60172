import type { Endpoint } from "./endpoint";

/** Uploads of images (checked by their bytes, compressed, stored through the storage adapter): /user/updateProfilePic and the /space/imageUpload* calls. */
export const endpoints: Endpoint[] = [];
