import pg from "pg";

/** Runs one statement on its own connection (creating and dropping databases cannot share a pool's). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
