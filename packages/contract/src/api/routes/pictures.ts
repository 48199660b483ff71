/**
 * The character look's calls (issue 22): a picture asked for in a chat, the pictures of a
 * conversation, sharing one to the character's page, and that page's shared pictures.
 * Method and path only (api/routes/chat.ts says why).
 */
export const chatPicture = { method: 'POST', path: '/cgi-bin/auth/character_msg/picture' } as const;
export const chatPictures = { method: 'GET', path: '/cgi-bin/auth/character_msg/pictures' } as const;
export const chatPictureShare = {
  method: 'POST',
  path: '/cgi-bin/auth/character_msg/picture/share',
} as const;
export const characterPictures = { method: 'GET', path: '/cgi-bin/auth/character/pictures' } as const;
