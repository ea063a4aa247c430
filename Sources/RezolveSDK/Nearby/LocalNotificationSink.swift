import Foundation

#if canImport(UserNotifications)
import UserNotifications
#endif

/// The default `notificationSink`: a local notification where the platform has them, nothing elsewhere.
enum LocalNotificationSink {
    static var defaultSink: (@Sendable (EngagementNotification) -> Void)? {
        #if canImport(UserNotifications)
        return { notification in
            let content = UNMutableNotificationContent()
            content.title = notification.title
            content.body = notification.body
            content.userInfo = ["engagementIds": notification.engagements.map(\.engagementId)]
            let request = UNNotificationRequest(identifier: notification.id, content: content, trigger: nil)
            UNUserNotificationCenter.current().add(request)
        }
        #else
        return nil
        #endif
    }
}
