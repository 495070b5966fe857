// The example app: its main screen is the list of one player's offers, with pull to refresh
// and a retry button on failures. Build it with the service's address and a token:
//
//   flutter run --dart-define=OFFERKIT_BASE_URL=https://... --dart-define=OFFERKIT_ACCESS_TOKEN=...
//
// (a real app gets short-lived tokens from its backend through `tokenProvider`).

import 'package:flutter/material.dart';
import 'package:offerkit_flutter/offerkit_flutter.dart';

import 'offers_model.dart';

const baseUrl = String.fromEnvironment('OFFERKIT_BASE_URL', defaultValue: 'http://127.0.0.1:8080');
const accessToken = String.fromEnvironment('OFFERKIT_ACCESS_TOKEN');
const playerId = String.fromEnvironment('OFFERKIT_PLAYER_ID', defaultValue: 'demo');

void main() => runApp(const OffersApp());

class OffersApp extends StatelessWidget {
  const OffersApp({super.key});

  @override
  Widget build(BuildContext context) => MaterialApp(
        title: 'Offers',
        theme: ThemeData(colorSchemeSeed: Colors.indigo, useMaterial3: true),
        home: const OfferListScreen(),
      );
}

class OfferListScreen extends StatefulWidget {
  const OfferListScreen({super.key});

  @override
  State<OfferListScreen> createState() => _OfferListScreenState();
}

class _OfferListScreenState extends State<OfferListScreen> {
  late final OfferClient _client;
  late final OffersModel _model;
  OffersState _state = const Loading();

  @override
  void initState() {
    super.initState();
    _client = OfferClient(baseUrl: baseUrl, accessToken: accessToken.isEmpty ? null : accessToken);
    _model = OffersModel(_client, playerId, (state) {
      if (mounted) setState(() => _state = state);
    });
    _model.load();
  }

  @override
  void dispose() {
    _model.dispose();
    _client.close();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => Scaffold(
        appBar: AppBar(title: const Text('Offers')),
        body: switch (_state) {
          Loading() => const Center(child: CircularProgressIndicator()),
          Failed(:final message, :final retryable) => Center(
              child: Column(mainAxisSize: MainAxisSize.min, children: [
                Text(message),
                if (retryable) TextButton(onPressed: _model.load, child: const Text('Try again')),
              ]),
            ),
          Loaded(:final offers) => RefreshIndicator(
              onRefresh: _model.load,
              child: ListView.separated(
                itemCount: offers.length,
                separatorBuilder: (_, __) => const Divider(height: 1),
                itemBuilder: (context, i) {
                  final offer = offers[i];
                  return ListTile(
                    title: Text(offer.name ?? offer.id ?? ''),
                    subtitle: Text(offer.creatives.isEmpty ? '' : offer.creatives.first.description ?? ''),
                    trailing: Text(offer.totalPayoutUsd == null ? '' : '\$${offer.totalPayoutUsd!.toStringAsFixed(2)}'),
                    onTap: () => ScaffoldMessenger.of(context)
                        .showSnackBar(SnackBar(content: Text(_model.clickUrl(offer) ?? 'No link'))),
                  );
                },
              ),
            ),
        },
      );
}
