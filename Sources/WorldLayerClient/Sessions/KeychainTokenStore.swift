#if canImport(Security)
    import Foundation
    import Security

    /// Keeps the token in the Keychain as a generic password of `service`, readable after the
    /// device's first unlock (so background refreshes can use it), never synced to other devices.
    public struct KeychainTokenStore: TokenStore {
        public let service: String
        public let account: String

        public init(service: String = "WorldLayer", account: String = "session") {
            self.service = service
            self.account = account
        }

        private var query: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
        }

        public func load() throws -> String? {
            var item: CFTypeRef?
            var request = query
            request[kSecReturnData as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitOne
            let status = SecItemCopyMatching(request as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else { throw KeychainError(status: status) }
            return String(data: data, encoding: .utf8)
        }

        public func save(_ token: String?) throws {
            let deleted = SecItemDelete(query as CFDictionary)
            guard deleted == errSecSuccess || deleted == errSecItemNotFound else { throw KeychainError(status: deleted) }
            guard let token else { return }
            var item = query
            item[kSecValueData as String] = Data(token.utf8)
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let added = SecItemAdd(item as CFDictionary, nil)
            guard added == errSecSuccess else { throw KeychainError(status: added) }
        }
    }

    /// A Keychain call failed with this `OSStatus`.
    public struct KeychainError: Error, Sendable {
        public let status: OSStatus
    }
#endif
