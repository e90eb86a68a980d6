import Foundation
import SQLKit

/// Leases on site-wide jobs: of the servers sharing a database, the one holding a job's lease runs
/// it. The holder renews it well before it runs out; a holder that dies stops renewing, and the
/// next server to ask after `until` takes the job over.
public struct JobLeaseStore: StoreAggregate {
    let store: Store

    /// Takes or renews `job` for `holder` until `now + lease`, unless another holder's lease still
    /// runs. One statement: two servers asking at once never both hold it.
    public func hold(_ job: String, holder: String, for lease: TimeInterval, now: Date) async throws -> Bool {
        try await withConnection { db in
            !(try await db.raw(
                """
                INSERT INTO job_leases (job, holder, until) VALUES (\(bind: job), \(bind: holder), \(bind: millis(now.addingTimeInterval(lease))))
                ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, until = excluded.until
                WHERE job_leases.holder = excluded.holder OR job_leases.until < \(bind: millis(now))
                RETURNING holder
                """
            ).all().isEmpty)
        }
    }

    /// Gives `job` up, if `holder` holds it, so another server may take it at once (a graceful stop).
    public func release(_ job: String, holder: String) async throws {
        try await withConnection { db in
            try await db.raw("DELETE FROM job_leases WHERE job = \(bind: job) AND holder = \(bind: holder)").run()
        }
    }

    /// Who holds `job` at `now`; nil when no lease runs.
    public func holder(of job: String, now: Date) async throws -> String? {
        try await withConnection { db in
            try await db.raw("SELECT holder FROM job_leases WHERE job = \(bind: job) AND until >= \(bind: millis(now))").first()?
                .decode(column: "holder", as: String.self)
        }
    }
}

extension Store {
    public var jobLeases: JobLeaseStore { JobLeaseStore(store: self) }
}
