import CommerceCore
import Foundation

/// The nearby-engagements engine (spec §2.8, §5.9): follows the device's location, keeps the nearest geo
/// engagements from the SSP, reports enters and exits, and turns what was entered within a short window into
/// one notification, unless the same engagement or item was notified recently.
///
/// The same code runs everywhere; only the default ``locationSource`` differs (CoreLocation on Apple platforms).
/// Samples are handled one at a time, in order, on the main actor, where the delegate is called.
///
/// What the Rezolve document calls on the manager works from any thread and any class: ``delegate``,
/// ``debugNotifications`` and the four seed methods. Called on the main thread, a method has taken effect when it
/// returns; called elsewhere, it takes effect on the main actor shortly after, in call order.
@MainActor
public final class NearbyEngagementsManager {
    // MARK: The seed's surface

    /// Receives enters, exits, distances, notifications and failures; held weakly. May be set from any thread.
    nonisolated public var delegate: (any NearbyEngagementsManagerDelegate)? {
        get { delegateBox.get().value }
        set { delegateBox.set(WeakDelegate(newValue)) }
    }
    /// When on, zones that are still silenced produce a notification anyway, marked `isDebug`, and the
    /// silence memory is left as it was. May be set from any thread.
    nonisolated public var debugNotifications: Bool {
        get { debugBox.get() }
        set { debugBox.set(newValue) }
    }

    // MARK: Portable configuration

    /// Where locations come from; set it before ``startMonitoringForNearbyEngagements()`` to use another source.
    public var locationSource: any RezolveLocationSource
    /// "Now" for silence periods, refresh intervals, dwell times and the bundling window.
    public var dateSource: @Sendable () -> Date
    /// How the bundling window waits. Tests pass a `TestClock` in suspending mode (CommerceTesting), whose
    /// sleepers wake only when the test advances it.
    public var sleep: RetryExecutor.Sleep
    /// How long a notified engagement or related item stays silent.
    public var silencePeriod: TimeInterval = 3600
    /// How long entered zones are gathered into one notification after the first enter.
    public var bundlingWindow: TimeInterval = 5
    /// Radius of each zone query; moving half of it from the last query centre refreshes the zones.
    public var searchRadiusMeters: Double = 5000
    /// Zones are fetched again after this long, even without moving.
    public var refreshInterval: TimeInterval = 600
    /// How many of the nearest zones are monitored (CoreLocation's limit, kept for parity).
    public var maximumMonitoredZones = 20
    /// Receives every notification (on Apple platforms the default posts a local notification).
    public var notificationSink: (@Sendable (EngagementNotification) -> Void)?

    /// The look-ahead and size of each zone query (spec §5.9 rule 1).
    static let minutesFurther = 40
    static let queryLimit = 100

    // MARK: State

    /// True while the engine follows the location source.
    public private(set) var isMonitoring = false
    /// How many samples the engine has finished handling (lets tests wait for a pushed sample).
    public private(set) var samplesProcessed = 0
    /// How many zone queries the engine has started, answered or not.
    public private(set) var zoneQueries = 0
    /// How many act resolutions (rule 10) were started and how many have finished.
    public private(set) var actResolutions = 0
    /// How many of those act resolutions have finished, successfully or not.
    public private(set) var actResolutionsFinished = 0
    /// The monitored zones, nearest to the last query centre first, with their latest distances.
    public var monitoredZones: [GeofenceData] { tracker.zones }

    private let delegateBox = Locked(WeakDelegate<any NearbyEngagementsManagerDelegate>(nil))
    private let debugBox = Locked(false)
    private let service: any NearbyEngagementsService
    private let store: PersistentStore
    private let converter: CoordinatesConverter
    private var tracker = ZoneTracker()
    private var memory: SuppressionMemory
    private var updatesDistances = true
    private var refreshRequested = false
    private var lastQuery: (center: GeoPoint, at: Date)?
    private var lastSample: RezolveLocationSample?
    private var bundle: [GeofenceData] = []
    private var bundleDeadline: Date?
    private var listenTask: Task<Void, Never>?
    private var flushTask: Task<Void, Never>?
    private var queueTail: Task<Void, Never>?

    nonisolated init(
        service: any NearbyEngagementsService, store: PersistentStore, converter: CoordinatesConverter,
        locationSource: any RezolveLocationSource, dateSource: @escaping @Sendable () -> Date,
        sleep: @escaping RetryExecutor.Sleep,
        notificationSink: (@Sendable (EngagementNotification) -> Void)?
    ) {
        self.service = service
        self.store = store
        self.converter = converter
        self.locationSource = locationSource
        self.dateSource = dateSource
        self.sleep = sleep
        self.notificationSink = notificationSink
        self.memory = SuppressionMemory.load(from: store)
    }

    // MARK: Seed methods

    /// Gets an SSP bearer and follows ``locationSource``; the first sample fetches the zones around it.
    nonisolated public func startMonitoringForNearbyEngagements() {
        MainActorDelivery.run { self.startMonitoring() }
    }

    private func startMonitoring() {
        guard !isMonitoring else { return }
        isMonitoring = true
        updatesDistances = true
        let stream = locationSource.locations()
        let service = self.service
        listenTask = Task { [weak self] in
            do throws(RezolveError) { try await service.prepare() } catch { self?.delegate?.didFail(with: error) }
            for await sample in stream {
                guard let self, !Task.isCancelled else { return }
                await self.process(sample)
            }
        }
    }

    /// Stops following locations and forgets the monitored zones and any open bundle. Silence memory stays.
    nonisolated public func stopMonitoringForNearbyEngagements() {
        MainActorDelivery.run { self.stopMonitoring() }
    }

    private func stopMonitoring() {
        listenTask?.cancel()
        listenTask = nil
        flushTask?.cancel()
        flushTask = nil
        bundle = []
        bundleDeadline = nil
        tracker.reset()
        lastQuery = nil
        lastSample = nil
        isMonitoring = false
    }

    /// Stops the per-sample `didUpdateCurrentDistanceFrom` calls; enters, exits and notifications go on.
    nonisolated public func stopUpdatingDistanceFromNearbyEngagements() {
        MainActorDelivery.run { self.updatesDistances = false }
    }

    /// Forgets when engagements and items were last notified, here and in the persistent store.
    nonisolated public func resetNotificationSuppressData() {
        MainActorDelivery.run {
            self.memory = SuppressionMemory()
            self.store.removeValue(forKey: SuppressionMemory.storeKey)
        }
    }

    /// Fetches the zones again around the last location (or around the next one, if none was seen yet).
    /// The returned task finishes when that query has been answered.
    @discardableResult
    public func refreshLocation() -> Task<Void, Never> {
        refreshRequested = true
        return Task { [weak self] in
            await self?.serially { [weak self] in
                guard let self, self.refreshRequested, let sample = self.lastSample else { return }
                await self.refresh(around: sample, now: self.dateSource())
            }
        }
    }

    /// Handles one location sample as if ``locationSource`` had produced it, after any sample before it.
    public func process(_ sample: RezolveLocationSample) async {
        await serially { [weak self] in await self?.handle(sample) }
    }

    // MARK: The rules of §5.9

    private func handle(_ sample: RezolveLocationSample) async {
        let point = wgs84(sample)
        let now = dateSource()
        lastSample = sample
        if needsRefresh(at: point, now: now) { await refresh(around: sample, now: now) }

        let transitions = tracker.observe(point, accuracy: sample.horizontalAccuracy, at: now)
        for zone in transitions.exited { delegate?.didExit(circularRegion: zone) }
        for zone in transitions.entered {
            delegate?.didEnter(circularRegion: zone)
            gather(zone, now: now)
        }
        if updatesDistances {
            delegate?.didUpdateCurrentDistanceFrom(location: sample.coordinate, geofences: tracker.zones, beacons: [])
        }
        samplesProcessed += 1
        flushIfDue(now: dateSource())
    }

    private func wgs84(_ sample: RezolveLocationSample) -> GeoPoint {
        let converted = converter.toWGS84(RezolveLocation(longitude: sample.longitude, latitude: sample.latitude))
        return GeoPoint(latitude: converted.latitude, longitude: converted.longitude)
    }

    /// Rule 2: no zones yet, an explicit request, a move of more than half the search radius, or the interval.
    private func needsRefresh(at point: GeoPoint, now: Date) -> Bool {
        guard let lastQuery else { return true }
        return refreshRequested
            || point.distance(to: lastQuery.center) > searchRadiusMeters / 2
            || now.timeIntervalSince(lastQuery.at) >= refreshInterval
    }

    /// Rules 1–3 and 11. A failed query keeps the old zones and waits for the next trigger, so an outage does
    /// not turn every sample into a request.
    private func refresh(around sample: RezolveLocationSample, now: Date) async {
        let point = wgs84(sample)
        refreshRequested = false
        lastQuery = (point, now)
        zoneQueries += 1
        let baidu = converter.system == .bd09
        let query = TriggeredZonesQuery(
            latitude: baidu ? sample.latitude : point.latitude,
            longitude: baidu ? sample.longitude : point.longitude,
            coordinatesType: baidu ? "BD09" : "WGS84", radiusMeters: searchRadiusMeters,
            minutesFurther: Self.minutesFurther, limit: Self.queryLimit)
        do throws(RezolveError) {
            let zones = try await service.triggeredZones(query)
            let nearest = zones.sorted { ($0.distance, $0.engagementId) < ($1.distance, $1.engagementId) }
                .prefix(max(0, maximumMonitoredZones))
            tracker.replaceZones(Array(nearest))
            let regions = tracker.zones.map {
                RezolveCircularRegion.make(center: $0.center, radius: $0.radius, identifier: $0.engagementId)
            }
            delegate?.didStartMonitoring(for: regions, coordinate: sample.coordinate, radius: Int(searchRadiusMeters))
        } catch {
            delegate?.didFail(with: error)
        }
    }

    /// Rule 7: the first enter opens a window; zones entered before it closes share one notification.
    private func gather(_ zone: GeofenceData, now: Date) {
        if let index = bundle.firstIndex(where: { $0.engagementId == zone.engagementId }) {
            bundle[index] = zone
        } else {
            bundle.append(zone)
        }
        guard bundleDeadline == nil else { return }
        let deadline = now.addingTimeInterval(bundlingWindow)
        bundleDeadline = deadline
        let sleep = self.sleep
        let wait = Duration.seconds(deadline.timeIntervalSince(now))
        flushTask = Task { [weak self] in
            do { try await sleep(wait) } catch { return }
            await self?.serially { [weak self] in
                guard let self else { return }
                self.flushIfDue(now: self.dateSource())
            }
        }
    }

    /// Rules 7–10 once the window has closed.
    private func flushIfDue(now: Date) {
        guard let deadline = bundleDeadline, now >= deadline else { return }
        let zones = bundle
        bundle = []
        bundleDeadline = nil
        flushTask?.cancel()
        flushTask = nil
        guard
            let outcome = NotificationComposer.compose(
                zones, memory: memory, silencePeriod: silencePeriod,
                debug: debugNotifications, now: now)
        else { return }
        if outcome.recordsSuppression {
            memory.record(outcome.notification.engagements, at: now)
            memory.save(to: store)
        }
        notificationSink?(outcome.notification)
        delegate?.didReceiveInAppNotification(engagement: outcome.notification)
        resolveActIfAlone(outcome.notification)
    }

    /// Rule 10: a notification of exactly one act zone also delivers that act, resolved through the zone's
    /// engagement (`clientReferenceId`, else the zone's own id). A failure goes to `didFail(with:)`.
    private func resolveActIfAlone(_ notification: EngagementNotification) {
        guard notification.engagements.count == 1, let zone = notification.engagements.first,
            zone.relatedItem.type == "Act"
        else { return }
        let service = self.service
        let engagementId = zone.resolverEngagementId ?? zone.engagementId
        actResolutions += 1
        Task { [weak self] in
            do throws(RezolveError) {
                let act = try await service.resolveAct(engagementId: engagementId)
                self?.delegate?.didReceiveInAppNotification(act: act)
            } catch {
                self?.delegate?.didFail(with: error)
            }
            self?.actResolutionsFinished += 1
        }
    }

    /// Runs `job` after every job queued before it, so samples, refreshes and window ends never interleave.
    private func serially(_ job: @escaping @MainActor () async -> Void) async {
        let previous = queueTail
        let task = Task { @MainActor in
            await previous?.value
            await job()
        }
        queueTail = task
        await task.value
    }
}
