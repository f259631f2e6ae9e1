// The sensor of exercise 3c. Learners use it; they do not change it.

/// Something a thermometer reads a temperature from.
public protocol TemperatureSource: Sendable {
  /// Reads the temperature now, in degrees Celsius; throws when the sensor fails.
  func read() async throws -> Double
}
