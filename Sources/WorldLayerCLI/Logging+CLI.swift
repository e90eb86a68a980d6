import Logging

/// Commands other than `serve` report problems themselves, in one line; the driver stays quiet.
package func quietLogger() -> Logger {
    var logger = Logger(label: "worldlayer.cli")
    logger.logLevel = .critical
    return logger
}
