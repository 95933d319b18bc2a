// Placeholder replaced once the build step exists.
export default function setup(): void {}
