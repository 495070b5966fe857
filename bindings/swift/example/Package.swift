// swift-tools-version:6.0
// The Swift example: a command-line program that uses the OfferKit package (one directory up)
// as an app would. bindings/swift/run-tests.sh builds and runs it on Linux.
import PackageDescription

let package = Package(
    name: "OfferKitExample",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "OfferKit", path: "..")],
    targets: [
        .executableTarget(name: "Example", dependencies: [.product(name: "OfferKit", package: "OfferKit")],
                          path: "Sources/Example"),
    ],
    swiftLanguageModes: [.v6]
)
