# The iOS part of the offerkit Flutter plugin: the static libofferkit for devices and the
# simulator, as Frameworks/offerkit.xcframework (tool/place-native.sh makes it from
# scripts/build-native.sh ios). -all_load keeps every offerkit_* symbol in the plugin's binary,
# where Dart finds them (DynamicLibrary.process(), then the plugin's framework).
Pod::Spec.new do |s|
  s.name             = 'offerkit_flutter'
  s.version          = '1.1.0'
  s.summary          = 'The native offerkit library for Flutter apps on iOS.'
  s.homepage         = 'https://example.invalid/offerkit'
  s.license          = { :type => 'MIT OR Apache-2.0' }
  s.author           = { 'offerkit' => 'offerkit@example.invalid' }
  s.source           = { :path => '.' }
  s.source_files     = 'Classes/**/*'
  s.vendored_frameworks = 'Frameworks/offerkit.xcframework'
  s.dependency 'Flutter'
  s.platform = :ios, '13.0'
  s.pod_target_xcconfig = { 'DEFINES_MODULE' => 'YES', 'OTHER_LDFLAGS' => '-all_load' }
  s.swift_version = '5.0'
end
