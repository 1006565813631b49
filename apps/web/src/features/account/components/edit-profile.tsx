// Placeholder: replaced in this session by the owner of this file.
export function EditProfile() {
  return <h1>Edit Profile</h1>;
}
