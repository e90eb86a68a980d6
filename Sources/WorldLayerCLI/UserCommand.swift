import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage accounts.",
        subcommands: [Create.self, List.self, Delete.self, Role.self, Advertiser.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account. The password is read from standard input (one line).")

        @OptionGroup var database: DatabaseOptions
        @Option(help: "Username: 3–30 letters, digits, '_' or '.'.") var username: String
        @Option(help: "Email address.") var email: String
        @Option(help: "Name shown to others.") var displayName: String?
        @Option(help: "Birthday, YYYY-MM-DD.") var birthday: String
        @Option(help: "user, moderator or admin.") var role: String = "user"
        @Option(help: "bcrypt cost (4–31).") var bcryptCost: UInt8 = 12

        func validate() throws {
            guard AccountRole(rawValue: role) != nil else { throw ValidationError("--role must be user, moderator or admin") }
            guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be between 4 and 31") }
        }

        func run() async throws {
            guard let password = readLine(strippingNewline: true), !password.isEmpty else {
                throw CommandFailure("give the password on standard input, e.g. echo 'secret…' | worldlayer user create …")
            }
            let store = try await database.openStore()
            let service = AccountService(store: store, bcryptCost: bcryptCost)
            let request = SignUp(
                username: username, email: email, password: password, displayName: displayName ?? username, birthday: birthday)
            do {
                guard case .created(let account) = try await service.signUp(request, role: AccountRole(rawValue: role) ?? .user) else {
                    return
                }
                print("created \(account.username) (\(account.id.text)) as \(account.role.rawValue)")
            } catch let error as FieldErrors {
                try await store.close()
                throw CommandFailure(error.description)
            } catch let error as StoreError {
                try await store.close()
                throw CommandFailure(error.description)
            }
            try await store.close()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts, one per line: username, email, role, id.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try await database.openStore()
            var after: String?
            while true {
                let page = try await store.accounts.list(limit: 500, after: after)
                for a in page {
                    print([a.username, a.email, a.role.rawValue, a.id.text].map { TerminalText.safe($0) }.joined(separator: "\t"))
                }
                guard page.count == 500 else { break }
                after = page.last?.username
            }
            try await store.close()
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an account and everything it owns.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The username.") var username: String

        func run() async throws {
            let store = try await database.openStore()
            guard let account = try await store.accounts.account(username: username) else {
                try await store.close()
                throw CommandFailure("no account named '\(username)'")
            }
            try await store.accounts.delete(id: account.id)
            try await store.close()
            print("deleted \(account.username)")
        }
    }

    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Grant a role: user, moderator or admin.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The username.") var username: String
        @Argument(help: "user, moderator or admin.") var role: String

        func validate() throws {
            guard AccountRole(rawValue: role) != nil else { throw ValidationError("role must be user, moderator or admin") }
        }

        func run() async throws {
            let store = try await database.openStore()
            guard let account = try await store.accounts.account(username: username) else {
                try await store.close()
                throw CommandFailure("no account named '\(username)'")
            }
            try await store.accounts.setRole(accountID: account.id, role: AccountRole(rawValue: role) ?? .user)
            try await store.close()
            print("\(account.username) is now \(role)")
        }
    }

    struct Advertiser: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an account an advertiser (it may then create sticker ads), or stop it with --remove.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The username.") var username: String
        @Option(help: "The name shown with its ads.") var name: String?
        @Flag(help: "Take the role away instead.") var remove = false

        func validate() throws {
            if !remove, (name ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--name is required (the name shown with its ads)")
            }
        }

        func run() async throws {
            let message = try await database.withStore { store in
                guard let account = try await store.accounts.account(username: username) else {
                    throw CommandFailure("no account named '\(username)'")
                }
                try await store.ads.setAdvertiser(accountID: account.id, name: remove ? nil : name?.trimmingCharacters(in: .whitespaces))
                return remove
                    ? "\(account.username) is no longer an advertiser" : "\(account.username) is now an advertiser (“\(name ?? "")”)"
            }
            print(message)
        }
    }
}
