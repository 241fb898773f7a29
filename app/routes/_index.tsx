export default function Index() {
  return <h1>Home</h1>;
}
