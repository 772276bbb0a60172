/**
 * How a person is named to others (in conversations, on cards, in e-mails): the nickname they chose, else their
 * first name. A rule of the product, so the API's answers and the services' messages name people alike.
 */
export function displayName(user: { nickName: string | null; firstName: string }): string {
  return user.nickName?.trim() || user.firstName;
}
