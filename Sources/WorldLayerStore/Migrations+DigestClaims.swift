extension Migration {
    /// Version 32: who is sending a person's weekly digest. A claim is taken before the mail goes out,
    /// so that two `digest run`s at once (on two machines, or a cron job and a person) send each
    /// digest once; a claim older than its lease whose digest was never recorded is taken over, so
    /// that a run that died is finished by the next.
    static let digestClaims = Migration(
        version: 32, name: "digest claims",
        statements: [
            """
            CREATE TABLE digest_claims (
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                week TEXT NOT NULL,
                holder TEXT NOT NULL,
                claimed_at BIGINT NOT NULL,
                PRIMARY KEY (account_id, week)
            )
            """
        ])
}
