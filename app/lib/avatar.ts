/** The letter an avatar shows for a person without a photo: the first of their name, upper case. */
export function avatarInitial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? "?";
}
