# The macOS part of the offerkit Flutter plugin: the universal static libofferkit (arm64 +
# x86_64; tool/place-native.sh takes it from scripts/build-native.sh macos-universal), linked
# whole into the plugin's framework, where Dart finds its symbols.
Pod::Spec.new do |s|
  s.name             = 'offerkit_flutter'
  s.version          = '1.1.0'
  s.summary          = 'The native offerkit library for Flutter apps on macOS.'
  s.homepage         = 'https://example.invalid/offerkit'
  s.license          = { :type => 'MIT OR Apache-2.0' }
  s.author           = { 'offerkit' => 'offerkit@example.invalid' }
  s.source           = { :path => '.' }
  s.source_files     = 'Classes/**/*'
  s.vendored_libraries = 'Libraries/libofferkit.a'
  s.dependency 'FlutterMacOS'
  s.platform = :osx, '10.15'
  s.pod_target_xcconfig = { 'DEFINES_MODULE' => 'YES', 'OTHER_LDFLAGS' => '-all_load' }
  s.swift_version = '5.0'
end
